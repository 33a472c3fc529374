import { mountIsland } from "../../shell/mountIsland";
import { AuthPage } from "./AuthPage";

mountIsland(AuthPage, "plain");
