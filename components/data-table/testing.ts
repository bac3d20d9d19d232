/**
 * What the table tests share: next/navigation as a study page has it (its route's params, its path, and the
 * address's search parameters, which a test sets before it renders). A test mocks the module with it:
 * `vi.mock("next/navigation", () => import("./testing").then((t) => t.studyPageNavigation))`.
 */
let search = new URLSearchParams();

/** The address's search parameters that the next render reads. */
export function setSearch(query: string): void {
  search = new URLSearchParams(query);
}

export const studyPageNavigation = {
  useParams: () => ({ connectionId: "c1", study: "ONC-101" }),
  useRouter: () => ({ replace: () => {}, push: () => {} }),
  usePathname: () => "/studies/c1/ONC-101",
  useSearchParams: () => search,
};
