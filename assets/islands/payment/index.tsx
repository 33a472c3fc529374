import { mountIsland } from "../../shell/mountIsland";
import { PaymentOutcome } from "./PaymentOutcome";
import "./styles.css";

void mountIsland(PaymentOutcome);
