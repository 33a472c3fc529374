import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { LANGUAGES, loadMessages } from "../i18n/messages";

// What a page has once its language is loaded (isMessageKey reads the loaded catalogues).
beforeAll(async () => {
  await Promise.all(LANGUAGES.map((language) => loadMessages(language.code)));
});

// Panels render an answer in deferred slices; on a busy machine that can take far past the
// default second a `findBy` or `waitFor` waits. Only a test that fails waits this long.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
});
