/**
 * How a message tells a person which provider settings to change, in the CLI's words: either as
 * its last sentence ("Set it with: earshot providers set deepgram apiKey=…"), or as an alternative
 * after the app's own words (", or with `earshot providers set whisper-cpp binaryPath=`"). The
 * browser reads the command back (readSettingsCommand) and says the same fix in the app's terms
 * (Settings → Providers → Deepgram), so every message is written once, here in the CLI's form.
 */

/** The fields a command gives a value (`apiKey=…`, `baseUrl=URL`) and the ones it clears (`endpoint=`). */
export interface SettingsChange {
  providerId: string;
  set: string[];
  clear: string[];
}

/** What the last sentence asks: give values, or fix (give some, clear others), or clear. */
export type SettingsCommandLead = 'Set it with' | 'Set them with' | 'Fix it with' | 'Clear it with';

/** `earshot providers set ID field=value…`; a value of `''` clears the field. */
export function settingsCommand(providerId: string, assignments: Record<string, string>): string {
  const pairs = Object.entries(assignments).map(([field, value]) => `${field}=${value}`);
  return `earshot providers set ${providerId} ${pairs.join(' ')}`;
}

/** The last sentence of a message: "Set it with: earshot providers set …". */
export function settingsCommandSentence(
  lead: SettingsCommandLead,
  providerId: string,
  assignments: Record<string, string>,
): string {
  return `${lead}: ${settingsCommand(providerId, assignments)}`;
}

/** An alternative inside a sentence: ", or with `earshot providers set …`". */
export function settingsCommandAlternative(providerId: string, assignments: Record<string, string>): string {
  return `, or with \`${settingsCommand(providerId, assignments)}\``;
}

const assignmentsPattern = String.raw`((?: [A-Za-z]+=[^\s\`]*)+)`;
const sentencePattern = new RegExp(
  String.raw`(?:^|\s)(Set it with|Set them with|Fix it with|Clear it with): earshot providers set (\S+)${assignmentsPattern}\.?$`,
);
const alternativePattern = new RegExp(
  String.raw`, or with \`earshot providers set (\S+)${assignmentsPattern}\``,
);

/**
 * A message without its command, and the change the command made: `lead` is set when the command
 * was the last sentence (the app then says the fix in a sentence of its own), absent when it was an
 * alternative to words the message already has. Undefined `change` when there is no command.
 */
export function readSettingsCommand(message: string): {
  text: string;
  change?: SettingsChange;
  lead?: SettingsCommandLead;
} {
  const sentence = sentencePattern.exec(message);
  if (sentence !== null) {
    const [whole, lead, providerId, assignments] = sentence as unknown as [
      string,
      SettingsCommandLead,
      string,
      string,
    ];
    return {
      text: message.slice(0, message.length - whole.length).trim(),
      change: changeOf(providerId, assignments),
      lead,
    };
  }
  const alternative = alternativePattern.exec(message);
  if (alternative !== null) {
    const [whole, providerId, assignments] = alternative as unknown as [string, string, string];
    return { text: message.replace(whole, ''), change: changeOf(providerId, assignments) };
  }
  return { text: message };
}

function changeOf(providerId: string, assignments: string): SettingsChange {
  const change: SettingsChange = { providerId, set: [], clear: [] };
  for (const assignment of assignments.trim().split(' ')) {
    const [field = '', value = ''] = assignment.split('=');
    (value === '' ? change.clear : change.set).push(field);
  }
  return change;
}
