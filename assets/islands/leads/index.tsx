import { mountIsland } from "../../shell/mountIsland";
import { LeadsPage } from "./LeadsPage";

mountIsland(LeadsPage);
