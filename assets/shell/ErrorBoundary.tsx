import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./ErrorScreen";

interface Props {
  logoutUrl: string;
  children: ReactNode;
}

/** Any page that fails to render shows the error screen instead of a blank area. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("The page failed to render", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen logoutUrl={this.props.logoutUrl} /> : this.props.children;
  }
}
