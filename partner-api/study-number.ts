/**
 * A study number as the portal accepts it (the partner API's `researchstudy`), e.g. ONC-101: letters, digits, `.`,
 * `_` and `-`, starting with a letter or digit, at most 64 characters. Anything else is refused before it reaches a
 * cache key or a URL. Only zod: safe for the browser.
 */
import { z } from "zod";

export const STUDY_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const studyNumberSchema = z.string().regex(STUDY_NUMBER, "not a study number");
