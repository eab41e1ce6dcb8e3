import type { SettingsTabProps } from './settings-fields.tsx';
import { SettingItem } from './setting-item.tsx';
import { StorageUsage } from './storage-usage.tsx';

/** The Data tab: browser storage used and whether it is persistent. */
export function DataTab(_props: SettingsTabProps) {
  return (
    <div className="flex flex-col gap-4">
      <SettingItem id="storage">
        <StorageUsage />
      </SettingItem>
    </div>
  );
}
