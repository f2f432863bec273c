import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of the response being rendered ("" in the browser). */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
