; Inno Setup script for the Windows build of gpuplanner (optional; the zipped folder works as well).
; Documented, not tested in this project's CI (no Windows machine): see packaging/README.md.
;
;   1. build dist\gpuplanner with PyInstaller (packaging/README.md, "Windows")
;   2. "C:\Program Files (x86)\Inno Setup 6\ISCC.exe" packaging\windows\gpuplanner.iss
;      -> dist\installer\gpuplanner-<version>-setup.exe
;
; Needs Inno Setup 6.3 or later (Korean.isl is among its official translations). Installs per user
; (no administrator rights); an administrator can choose "all users" in the dialog.

#define AppName "gpuplanner"
; keep AppVersion in step with pyproject.toml
#define AppVersion "0.1.0"
#define AppPublisher "gpuplanner"
#define AppExe "gpuplanner.exe"
#define Root "..\.."

[Setup]
AppId={{6E0B3F8A-3C57-4E0B-9A53-5B1E8B2C6D41}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher={#AppPublisher}
AppComments=Plan GPU servers for LLM training: memory, time, layout, cloud vs on-prem cost
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#Root}\dist\installer
OutputBaseFilename={#AppName}-{#AppVersion}-setup
SetupIconFile={#Root}\build\icons\gpuplanner.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
LicenseFile={#Root}\packaging\windows\LICENSE.txt
ShowLanguageDialog=auto

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "korean"; MessagesFile: "compiler:Languages\Korean.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; the whole PyInstaller folder: gpuplanner.exe and _internal\ (Python, Qt, catalog, translations, licences)
Source: "{#Root}\dist\gpuplanner\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

; User data (settings, autosaves, catalog edits) lives in the user's profile (platformdirs) and is kept on
; uninstall and on update, so an update never loses catalog edits.
