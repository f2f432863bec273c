// Preloaded into the end-to-end app server (node --import): answers the server's calls
// to Google's token and userinfo endpoints; everything else goes to the network as usual.
import { setupServer } from "msw/node";
import { googleHandlers } from "./google.mjs";

const server = setupServer(...googleHandlers);
server.listen({ onUnhandledRequest: "bypass" });
process.once("beforeExit", () => server.close());
