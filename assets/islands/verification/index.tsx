import { mountIsland } from "../../shell/mountIsland";
import { VerificationPage } from "./VerificationPage";

mountIsland(VerificationPage);
