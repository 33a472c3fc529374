import { mountIsland } from "../../shell/mountIsland";
import { MarketPage } from "./MarketPage";
import "./styles.css";

void mountIsland(MarketPage);
