/**
 * The message module's public entry (issue #34, "Module borders"): what other modules may use. `notify` sends
 * a notification to a company's users in each receiver's language (spec 000 §3, messages); `fillText` fills a
 * localized template's {placeholders}. Its tables, repository and routes are its own.
 */
export { fillText, type LocalizedText, type Notification, notify, type Receivers } from './notify.ts';
