// The /fair page: how a player checks a table's deals (fair.js).
import { fairPage } from "./fair.js";

fairPage(document.getElementById("app"));
