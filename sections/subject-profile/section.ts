/**
 * One subject's profile, below the study's Subjects section: /studies/<connection>/<study>/subjects/<subject ID>.
 * Its heading and browser title name the subject, shortened when the ID is long.
 */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { shownSubjectId, subjectIdOf } from "@/sections/frame/subject-id";
import { loadSubjectProfile, type ProfileParts } from "./load";
import { subjectProfileNotes } from "./notes";
import { parseSubjectProfileQuery } from "./query";
import { SubjectProfileContent } from "./ui/SubjectProfileContent";

/** The profile's section; `parts`: what its summary takes from other sections (./load.ts, ProfileParts). */
export const subjectProfileSection = (parts?: ProfileParts) =>
  defineSection({
    slug: "subjects",
    title: ({ query }) => `Subject ${shownSubjectId(query.subjectId)}`,
    browserTitle: ({ subjectId }) => `subject ${shownSubjectId(subjectIdOf(subjectId ?? ""))}`,
    parseQuery: parseSubjectProfileQuery,
    oneSubject: true,
    load: (study, query) => loadSubjectProfile(study, query.subjectId, query.searchParams, parts, study.review),
    notes: (view) => subjectProfileNotes(view),
    content: (view, { place }) => createElement(SubjectProfileContent, { view, place }),
  });

/** The profile without the parts of other sections (its URL contract and content are the same). */
export const SUBJECT_PROFILE = subjectProfileSection();
