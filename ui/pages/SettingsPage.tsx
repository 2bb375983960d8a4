import { hashOf, type SettingsSection } from '../app/route.ts';
import { AiSettings } from '../settings/AiSettings.tsx';
import { ApiSettings } from '../settings/ApiSettings.tsx';
import { AudioSettings } from '../settings/AudioSettings.tsx';
import { NotesFolderSettings } from '../settings/NotesFolderSettings.tsx';
import { ProvidersSettings } from '../settings/ProvidersSettings.tsx';
import { RuntimeSettings } from '../settings/RuntimeSettings.tsx';
import { VocabularySettings } from '../settings/VocabularySettings.tsx';
import { WebhookSettings } from '../settings/WebhookSettings.tsx';
import '../styles/settings.css';

const sections: Array<{ section: SettingsSection; label: string }> = [
  { section: 'providers', label: 'Providers' },
  { section: 'vocabulary', label: 'Vocabulary' },
  { section: 'audio', label: 'Audio' },
  { section: 'ai', label: 'AI' },
  { section: 'api', label: 'Open API' },
  { section: 'integrations', label: 'Integrations' },
  { section: 'runtime', label: 'whisper.cpp runtime' },
];

/**
 * Settings: speech provider configuration, the custom vocabulary, how long session audio is kept,
 * AI providers and prompts, the Open API, integrations (a notes folder, webhooks) and the local
 * whisper.cpp runtime, one tab each.
 */
export function SettingsPage(props: { section: SettingsSection; provider?: string }) {
  return (
    <>
      <h1>Settings</h1>
      <nav className="page-tabs" aria-label="Settings">
        {sections.map(({ section, label }) => (
          <a
            key={section}
            href={hashOf({ page: 'settings', section })}
            aria-current={props.section === section ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      <SettingsSectionContent section={props.section} provider={props.provider} />
    </>
  );
}

function SettingsSectionContent(props: { section: SettingsSection; provider?: string }) {
  switch (props.section) {
    case 'providers':
      return <ProvidersSettings key={props.provider} providerId={props.provider} />;
    case 'vocabulary':
      return <VocabularySettings />;
    case 'audio':
      return <AudioSettings />;
    case 'ai':
      return <AiSettings />;
    case 'api':
      return <ApiSettings />;
    case 'integrations':
      return (
        <>
          <NotesFolderSettings />
          <WebhookSettings />
        </>
      );
    case 'runtime':
      return <RuntimeSettings />;
  }
}
