import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { LANGUAGES, loadMessages } from "../i18n/messages";

// What a page has once its language is loaded (isMessageKey reads the loaded catalogues).
beforeAll(async () => {
  await Promise.all(LANGUAGES.map((language) => loadMessages(language.code)));
});

afterEach(() => {
  cleanup();
});
