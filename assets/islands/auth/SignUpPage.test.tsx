import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useLanguageStore } from "../../i18n/language";
import { useToastStore } from "../../stores/toast";
import { renderWithShell, testPreload } from "../../testing/render";
import { SignUpPage } from "./SignUpPage";

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function fillAndSubmit(email: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
}

function renderPage() {
  renderWithShell(<SignUpPage />, { preload: testPreload({ page: "signup", path: "/signup", user: null }) });
}

beforeEach(() => {
  useLanguageStore.setState({ language: "vi" });
  useToastStore.setState({ toasts: [], lastId: 0 });
});

describe("SignUpPage", () => {
  it("validates the email without calling the server", () => {
    const fetchMock = respond(201, {});
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter an email");
    fillAndSubmit("not-an-email");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address (e.g: name@example.com).");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("registers the email and asks the user to check their inbox", async () => {
    const fetchMock = respond(201, { data: { id: 3, email: "an@farm.vn" }, meta: {} });
    renderPage();
    fillAndSubmit("an@farm.vn");
    expect(await screen.findByText("User registered successfully")).toBeTruthy();
    expect(screen.getByText("Check your email to verify your address and set a password.")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/fast-ai/v1/users");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"email":"an@farm.vn","language":"vi"}');
  });

  it("says the user already exists on 409", async () => {
    respond(409, { data: { error: "Conflict", fields: {} }, meta: { message: "User already exists", code: "conflict" } });
    renderPage();
    fillAndSubmit("an@farm.vn");
    expect((await screen.findByRole("alert")).textContent).toBe("User already exists");
  });

  it("asks to wait on 429", async () => {
    respond(429, {
      data: { error: "Too many attempts. Please try again later.", fields: {} },
      meta: { message: "Too many attempts. Please try again later.", code: "too_many_requests" },
    });
    renderPage();
    fillAndSubmit("an@farm.vn");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Please wait a while and try again.",
    );
  });

  it("shows the field message on 422", async () => {
    respond(422, {
      data: { error: "Invalid", fields: { email: ["Please enter a valid email address (e.g: name@example.com)."] } },
      meta: { message: "Invalid", code: "validation_failed" },
    });
    renderPage();
    fillAndSubmit("an@farm.vn");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please enter a valid email address (e.g: name@example.com).",
    );
  });

  it("shows the field message on 422 in the interface language", async () => {
    respond(422, {
      data: { error: "Invalid", fields: { email: ["Please enter a valid email address (e.g: name@example.com)."] } },
      meta: { message: "Invalid", code: "validation_failed" },
    });
    renderWithShell(<SignUpPage />, {
      language: "vi",
      preload: testPreload({ page: "signup", path: "/signup", user: null }),
    });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "an@farm.vn" } });
    fireEvent.click(screen.getByRole("button", { name: "Đăng ký" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Vui lòng nhập địa chỉ email hợp lệ (ví dụ: name@example.com).",
    );
  });

  it("hands other failures to the general handler", async () => {
    respond(400, { data: { error: "Bad", fields: {} }, meta: { message: "Bad", code: "bad_request" } });
    renderPage();
    fillAndSubmit("an@farm.vn");
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "error.generic" }));
    expect(screen.getByRole("button", { name: "Sign up" })).toHaveProperty("disabled", false);
  });
});
