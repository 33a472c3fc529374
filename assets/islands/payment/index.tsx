import { mountIsland } from "../../shell/mountIsland";
import { PaymentOutcome } from "./PaymentOutcome";

mountIsland(PaymentOutcome);
