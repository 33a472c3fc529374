import { mountIsland } from "../../shell/mountIsland";
import { ProfilePage } from "./ProfilePage";

mountIsland(ProfilePage);
