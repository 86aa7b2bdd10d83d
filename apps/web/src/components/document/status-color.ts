/**
 * Tag colours of status codes across kinds: grey for not started or sent, blue while in progress, green
 * when done, orange for partial, red for refused or cancelled. Unknown codes stay neutral.
 */
const COLORS: Record<string, Record<string, string>> = {
  noteStatus: {
    '0': 'default',
    '1': 'blue',
    '2': 'cyan',
    '3': 'processing',
    '4': 'orange',
    '5': 'green',
    '6': 'red',
  },
  refundStatus: { '0': 'default', '1': 'blue', '2': 'green', '3': 'red', '4': 'default' },
  auditStatus: { '0': 'default', '1': 'processing', '2': 'green', '3': 'red', '4': 'default' },
  sendStatus: { '0': 'default', '1': 'blue' },
  noteType: { '1': 'purple', '2': 'geekblue' },
};

export function statusColor(field: string, code: string): string {
  return COLORS[field]?.[code] ?? 'default';
}
