// Where VIES is asked, by default (server/config/env.ts reads VIES_URL over them).

/** The European Commission's VIES REST API: a live shop asks it unless VIES_URL says otherwise. */
export const OFFICIAL_VIES_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";

/** Where a demo shop serves its own VIES stand-in (vies-stand-in.ts), and asks it. */
export const VIES_STAND_IN_PATH = "/stand-ins/vies";
