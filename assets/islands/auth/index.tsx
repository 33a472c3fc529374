import { mountIsland } from "../../shell/mountIsland";
import { AuthPage } from "./AuthPage";
import "./styles.css";

void mountIsland(AuthPage, "plain");
