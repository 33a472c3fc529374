import { mountIsland } from "../../shell/mountIsland";
import { StatusPage } from "./StatusPage";

mountIsland(StatusPage);
