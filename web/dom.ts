/**
 * The page's DOM helpers: an element by id, the message line, a download.
 * Everything the tests read is in the DOM (data- attributes).
 */

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Enables or disables a control by id. */
export function enable(id: string, on: boolean): void {
  ($(id) as HTMLButtonElement | HTMLInputElement).disabled = !on;
}

/** The message line under the controls ('' clears it); `bad`: a problem (shown as one), otherwise news. */
export function say(message: string, bad = false): void {
  $('message').textContent = message;
  $('message').dataset.bad = bad ? '1' : '';
}

/** Saves text as a file through the browser. */
export function download(name: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
