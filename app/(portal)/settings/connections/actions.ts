"use server";
/**
 * The connection settings' server actions. Each checks the session, then
 * hands the form to lib/connections/form-actions (validation, the one change,
 * the typed answer). The user always comes from the session, never the form.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requesterOf } from "@/lib/audit/request-address";
import { requireUser, type SessionUser } from "@/lib/auth/dal";
import type { FormState, TestState } from "@/lib/connections/connection-input";
import {
  createFromForm,
  type FormRequester,
  removeFromForm,
  testFromForm,
  updateFromForm,
} from "@/lib/connections/form-actions";
import { portalStore } from "@/lib/store/portal-store";

const LIST = "/settings/connections";

/** The user as the audit trail names them, and their role: only an administrator is shown the allow-list. */
const formRequester = async (user: SessionUser): Promise<FormRequester> => ({
  ...(await requesterOf(user.id)),
  role: user.role,
});

/** Saves through `save` for the signed-in user; on success the list shows the saved connection. */
async function saveThenList(save: typeof createFromForm, formData: FormData): Promise<FormState> {
  const user = await requireUser();
  const state = await save(await portalStore(), await formRequester(user), formData);
  if (!state.ok) return state;
  revalidatePath("/", "layout");
  redirect(LIST);
}

export async function createConnectionAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return saveThenList(createFromForm, formData);
}

export async function updateConnectionAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return saveThenList(updateFromForm, formData);
}

export async function deleteConnectionAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const user = await requireUser();
  const state = await removeFromForm(await portalStore(), await requesterOf(user.id), formData);
  if (state.ok) revalidatePath("/", "layout");
  return state;
}

export async function testConnectionAction(_prev: TestState, formData: FormData): Promise<TestState> {
  const user = await requireUser();
  return testFromForm(await portalStore(), await formRequester(user), formData);
}
