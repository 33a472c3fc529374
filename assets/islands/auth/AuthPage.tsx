import { usePreload } from "../../shell/context";
import { SignInPage } from "./SignInPage";
import { SignUpPage } from "./SignUpPage";

export function AuthPage() {
  const { page } = usePreload();
  return page === "signup" ? <SignUpPage /> : <SignInPage />;
}
