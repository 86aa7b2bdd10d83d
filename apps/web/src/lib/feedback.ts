import type { MessageInstance } from 'antd/es/message/interface';

let api: MessageInstance | null = null;

/** Errors shown in this session, newest first (the settings panel's 'log' switch shows them). */
export const errorLog: { at: string; text: string }[] = [];

/** Registers the themed antd message API from `App.useApp()` for code outside React (spec 000 §8). */
export function setMessageApi(instance: MessageInstance): void {
  api = instance;
}

/** Shows an error toast (spec 000 §8); falls back to the console before the app has mounted. */
export function toastError(text: string, durationS?: number): void {
  errorLog.unshift({ at: new Date().toISOString(), text });
  errorLog.length = Math.min(errorLog.length, 50);
  if (api) void api.error(text, durationS);
  else console.error(text);
}

/** Shows a success toast. */
export function toastSuccess(text: string, durationS?: number): void {
  if (api) void api.success(text, durationS);
}
