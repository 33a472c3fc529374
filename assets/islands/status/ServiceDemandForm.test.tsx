import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useLanguageStore } from "../../i18n/language";
import type { Language } from "../../i18n/messages";
import { renderWithShell, testPreload } from "../../testing/render";
import { ServiceDemandForm } from "./ServiceDemandForm";
import { StatusPage } from "./StatusPage";

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderForm(language: Language = "en", feature?: string) {
  useLanguageStore.setState({ language });
  renderWithShell(<ServiceDemandForm feature={feature} />, {
    language,
    preload: testPreload({ page: "service-demand", path: "/service-demand" }),
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  useLanguageStore.setState({ language: "en" });
});

const EMPTY_FORM_MESSAGES: Record<Language, string[]> = {
  en: [
    "First name is required",
    "Last name is required",
    "Please enter a valid email address",
    "Phone number is required",
    "Company name is required",
    "Please select at least one feature",
  ],
  vi: [
    "Vui lòng nhập tên",
    "Vui lòng nhập họ",
    "Vui lòng nhập địa chỉ email hợp lệ",
    "Vui lòng nhập số điện thoại",
    "Vui lòng nhập tên công ty",
    "Vui lòng chọn ít nhất một tính năng",
  ],
  zh: ["请输入名字", "请输入姓氏", "请输入有效的电子邮箱地址", "请输入电话号码", "请输入公司名称", "请至少选择一项功能"],
};

const SUBMIT: Record<Language, string> = { en: "Send", vi: "Gửi", zh: "提交" };

describe("ServiceDemandForm", () => {
  it("is prefilled from the signed-in user and offers the unavailable features in their groups", () => {
    renderForm("en", "farm-management");
    expect(screen.getByLabelText<HTMLInputElement>("First name").value).toBe("An");
    expect(screen.getByLabelText<HTMLInputElement>("Last name").value).toBe("Nguyen");
    expect(screen.getByLabelText<HTMLInputElement>("Email").value).toBe("an@example.com");
    expect(screen.getByLabelText<HTMLInputElement>("Farm Management").checked).toBe(true);
    expect(screen.getAllByRole("checkbox")).toHaveLength(8);
    expect(screen.queryByLabelText("Market Insight")).toBeNull();
    expect(screen.getByText("Management")).toBeTruthy();
    expect(screen.getByText("Customer Services", { selector: "p" })).toBeTruthy();
  });

  it.each(["en", "vi", "zh"] as const)("validates every field without calling the server (%s)", (language) => {
    const fetchMock = respond(201, {});
    useLanguageStore.setState({ language });
    renderWithShell(<ServiceDemandForm />, {
      language,
      preload: testPreload({ page: "service-demand", path: "/service-demand", user: null }),
    });
    fireEvent.click(screen.getByRole("button", { name: SUBMIT[language] }));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual(EMPTY_FORM_MESSAGES[language]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the demand in the interface language and shows the server's thanks", async () => {
    const fetchMock = respond(201, { data: { message: "Cảm ơn bạn đã quan tâm!" }, meta: {} });
    renderForm("vi", "ai-sale-agent");
    type("Số điện thoại", "+84 912 345 678");
    type("Tên công ty", "Saigon Coffee");
    fireEvent.click(screen.getByLabelText("Chatbot hỗ trợ"));
    fireEvent.click(screen.getByRole("button", { name: "Gửi" }));

    const thanks = await screen.findByRole("status");
    expect(within(thanks).getByText("Cảm ơn bạn đã quan tâm!")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/fast-ai/v1/users/service-demands");
    expect(JSON.parse(init?.body as string)).toEqual({
      first_name: "An",
      last_name: "Nguyen",
      email: "an@example.com",
      phone_number: "+84 912 345 678",
      company_name: "Saigon Coffee",
      job_title: "",
      selected_features: ["ai-sale-agent", "chatbot-support"],
      language: "vi",
    });
  });

  it("shows the server's field messages when it refuses the phone number", async () => {
    respond(422, {
      data: { error: "Please enter a valid phone number", fields: { phone_number: ["Please enter a valid phone number"] } },
      meta: { message: "Please enter a valid phone number", code: "validation_failed" },
    });
    renderForm("en", "lead-nurturing");
    type("Phone number", "0912");
    type("Company name", "Saigon Coffee");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a valid phone number");
    expect(screen.getByLabelText("Phone number").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("the unavailable feature page", () => {
  it("offers the form with its own feature chosen", () => {
    renderWithShell(<StatusPage />, { preload: testPreload({ page: "unavailable", path: "/chatbot-support" }) });
    expect(screen.getByText("We are working on this feature. Please check back later.")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Chatbot Support").checked).toBe(true);
  });
});
