import { create } from "zustand";
import { isPricedProduct, type PricedProduct } from "../api/billing";

/** The search parameter that opens a pricing dialog (spec §2): `?pricing=lead-sourcing`. */
export const PRICING_PARAM = "pricing";

interface PricingState {
  /** The product whose pricing dialog is open, or null. */
  product: PricedProduct | null;
}

/** Which pricing dialog is open; the address bar carries the same as `?pricing=`. */
export const usePricingStore = create<PricingState>()(() => ({ product: null }));

/** The pricing dialog a value of the `pricing` parameter names; anything else opens none. */
export function pricingProduct(value: string | null | undefined): PricedProduct | null {
  return isPricedProduct(value) ? value : null;
}

export function pricingFromSearch(search: string): PricedProduct | null {
  return pricingProduct(new URLSearchParams(search).get(PRICING_PARAM));
}

/** This page's address with a product's pricing dialog open, or with none open. */
export function pricingHref(product: PricedProduct | null, location: Location = window.location): string {
  const params = new URLSearchParams(location.search);
  if (product) params.set(PRICING_PARAM, product);
  else params.delete(PRICING_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}${location.hash}`;
}

/** Follows the address (on load and on Back/Forward) without touching it. */
export function showPricing(product: PricedProduct | null): void {
  usePricingStore.setState({ product });
}

/** Opens a product's pricing dialog from anywhere, e.g. when a quota or a credit balance blocks. */
export function openPricing(product: PricedProduct): void {
  if (usePricingStore.getState().product === product) return;
  window.history.pushState(window.history.state, "", pricingHref(product));
  showPricing(product);
}

/** Closes the dialog and takes `pricing` off the address, so a reload does not reopen it. */
export function closePricing(): void {
  if (usePricingStore.getState().product === null) return;
  window.history.replaceState(window.history.state, "", pricingHref(null));
  showPricing(null);
}
