import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The viewports the patient-experience checks run at (desktop and a 390px phone). */
export const VIEWPORTS = [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 664 }],
] as const;

/** The header's bottom edge, in viewport coordinates. */
export async function headerBottom(page: Page) {
  const box = await page.locator("header").first().boundingBox();
  return box ? box.y + box.height : 0;
}

/**
 * Whether what is at the centre of `locator` on screen is that element (or inside it),
 * not something drawn over it (the sticky header, an open menu, a toast).
 */
export async function isOnTop(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + Math.min(rect.width / 2, 8);
    const y = rect.top + rect.height / 2;
    if (y < 0 || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (element === hit || element.contains(hit));
  });
}

export type FocusIndicator = {
  element: string;
  outline: string;
  contrast: number;
};

/**
 * The focus indicator of the focused element: its outline (style, width, colour) and the
 * contrast of the outline's colour against what it is drawn on (the nearest background
 * behind it: the parent's when the outline sits outside the element, else the element's).
 * Colours are read through a canvas, so any CSS colour (oklch, rgba) is measured as drawn.
 */
export async function focusIndicator(page: Page): Promise<FocusIndicator | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255] as const;
    };
    const over = (top: readonly number[], bottom: readonly number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const backgroundOf = (start: Element | null) => {
      const layers: Array<readonly number[]> = [];
      for (let node = start; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      return layers.reduceRight<number[]>((below, layer) => over(layer, below), [255, 255, 255]);
    };
    const luminance = (rgb: readonly number[]) => {
      const [r, g, b] = rgb.map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const style = getComputedStyle(element);
    const offset = parseFloat(style.outlineOffset) || 0;
    const behind = backgroundOf(offset > 0 ? element.parentElement : element);
    const outline = over(rgba(style.outlineColor), behind);
    const [light, dark] = [luminance(outline), luminance(behind)].sort((a, b) => b - a);
    const contrast =
      style.outlineStyle === "none" || parseFloat(style.outlineWidth) < 2
        ? 0
        : (light! + 0.05) / (dark! + 0.05);
    const name =
      element.getAttribute("aria-label") ??
      element.id ??
      element.textContent?.trim().slice(0, 40) ??
      "";
    return {
      element: `${element.tagName.toLowerCase()} "${name || element.className}"`,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      contrast: Math.round(contrast * 100) / 100,
    };
  });
}

/**
 * Tabs through the whole page from the top, and returns every focused control whose focus
 * indicator is under 3:1 against its surroundings (WCAG 1.4.11, 2.4.7).
 */
export async function weakFocusIndicators(page: Page, { maxStops = 80 } = {}) {
  await page.locator("body").focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const weak: FocusIndicator[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press("Tab");
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return "";
      const path: number[] = [];
      for (let node: Element | null = element; node?.parentElement; node = node.parentElement) {
        path.push([...node.parentElement.children].indexOf(node));
      }
      return path.join(".");
    });
    // Back at the start (or out of the page): every control has been visited.
    if (!key || seen.has(key)) break;
    seen.add(key);
    const indicator = await focusIndicator(page);
    if (indicator && indicator.contrast < 3) weak.push(indicator);
  }
  expect(seen.size, "the page has controls to tab through").toBeGreaterThan(3);
  return weak;
}

/** Every placeholder on the page whose text is under 4.5:1 against its field. */
export async function faintPlaceholders(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgb = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#fff";
      context.fillRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (channels: number[]) => {
      const [r, g, b] = channels.map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return [...document.querySelectorAll<HTMLInputElement>("[placeholder]")]
      .map((field) => {
        const text = luminance(rgb(getComputedStyle(field, "::placeholder").color));
        const background = luminance(rgb(getComputedStyle(field).backgroundColor));
        const [light, dark] = [text, background].sort((a, b) => b - a);
        return { field: field.name || field.id, contrast: (light! + 0.05) / (dark! + 0.05) };
      })
      .filter((entry) => entry.contrast < 4.5);
  });
}
