import { mountIsland } from "../../shell/mountIsland";
import { VerificationPage } from "./VerificationPage";
import "./styles.css";

void mountIsland(VerificationPage);
