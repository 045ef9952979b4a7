// Tests start anvil exactly as the sandbox does.
export { startAnvil, type Anvil, type AnvilOptions } from "../../src/sandbox/anvil.ts";
