import { hashOf } from '../app/route.ts';
import { ApiSettings } from '../settings/ApiSettings.tsx';
import { ProvidersSettings } from '../settings/ProvidersSettings.tsx';
import { RuntimeSettings } from '../settings/RuntimeSettings.tsx';
import '../styles/settings.css';

type SettingsSection = 'providers' | 'api' | 'runtime';

const sections: Array<{ section: SettingsSection; label: string }> = [
  { section: 'providers', label: 'Providers' },
  { section: 'api', label: 'Open API' },
  { section: 'runtime', label: 'Runtime (P14)' },
];

/** Settings: provider configuration, the Open API and the local whisper.cpp runtime, one tab each. */
export function SettingsPage(props: { section: SettingsSection }) {
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
      <SettingsSectionContent section={props.section} />
    </>
  );
}

function SettingsSectionContent(props: { section: SettingsSection }) {
  switch (props.section) {
    case 'providers':
      return <ProvidersSettings />;
    case 'api':
      return <ApiSettings />;
    case 'runtime':
      return <RuntimeSettings />;
  }
}
