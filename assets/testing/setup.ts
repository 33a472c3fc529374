import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { LANGUAGES, loadMessages } from "../i18n/messages";

// What a page has once its language is loaded (isMessageKey reads the loaded catalogues).
beforeAll(async () => {
  await Promise.all(LANGUAGES.map((language) => loadMessages(language.code)));
});

// Panels render an answer in deferred slices; on a busy machine that can take past the
// default second a `findBy` waits.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
});
