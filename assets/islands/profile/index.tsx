import { mountIsland } from "../../shell/mountIsland";
import { ProfilePage } from "./ProfilePage";
import "./styles.css";

void mountIsland(ProfilePage);
