import { mountIsland } from "../../shell/mountIsland";
import { AuthPage } from "./AuthPage";
import "./styles.css";

mountIsland(AuthPage, "plain");
