import { mountIsland } from "../../shell/mountIsland";
import { MarketPage } from "./MarketPage";

mountIsland(MarketPage);
