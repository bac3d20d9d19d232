"use client";
/**
 * A part of a page that a link names by its fragment (`#trend`) and that the server streams in after the page
 * opened: the browser looked for it before it was there, and a router's navigation never follows a fragment. Once
 * the part is in the page, the address is followed again, so that the browser scrolls to it and marks it.
 */
import { useEffect } from "react";
import { followFragment, fragmentId, isMarked } from "./row-target";

export function FragmentTarget({ id }: { id: string }) {
  useEffect(() => {
    if (fragmentId(window.location.hash) === id && !isMarked(id)) followFragment();
  }, [id]);
  return null;
}
