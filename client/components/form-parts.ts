/**
 * The words every form field and error summary shows ("(optional)", "Please check 2 fields:"),
 * in the page's language. Context rather than props, so each form (server-rendered or an island)
 * gets them without passing them to each field: the worker's TextsProvider gives them to every
 * page, and the island runtime gives them to every island it hydrates from the page's one copy
 * (`<script data-texts="formParts">`, sent by the first island of the page).
 */
import { createContext } from "react";
import type { TextLocale } from "../../shared/i18n/locales";
import type { Section } from "../../shared/i18n/messages-type";

export interface FormPartsTexts {
  locale: TextLocale;
  texts: Section<"formParts">;
}

/** Null outside a page (a component rendered alone): the fields then show no words of their own. */
export const FormParts = createContext<FormPartsTexts | null>(null);
