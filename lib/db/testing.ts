/** Test support for the portal database's users. */
import bcrypt from "bcryptjs";

/**
 * A bcrypt hash (cost 4) of the given version, as accounts from before argon2id hold: made by another
 * implementation than the one that checks it.
 */
export const legacyBcrypt = (password: string, version: "2a" | "2b") =>
  bcrypt.hashSync(password, bcrypt.genSaltSync(4).replace(/^\$2b\$/, `$${version}$`));
