/** The portal's version, as package.json states it: the export pack's manifest and Dataset-JSON files name it. */
import packageJson from "@/package.json";

export const PORTAL_VERSION: string = packageJson.version;
