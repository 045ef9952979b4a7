/** Test (sandbox chain, test keys) or live (Base, live keys): every row and key carries one. */
export type Mode = "test" | "live";
