import { mountIsland } from "../../shell/mountIsland";
import { StatusPage } from "./StatusPage";
import "./styles.css";

void mountIsland(StatusPage);
