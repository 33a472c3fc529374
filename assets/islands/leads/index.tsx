import { mountIsland } from "../../shell/mountIsland";
import { LeadsPage } from "./LeadsPage";
import "./styles.css";

void mountIsland(LeadsPage);
