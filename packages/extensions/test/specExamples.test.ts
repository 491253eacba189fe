// The example manifests of the extension spec (../shared/spec/003, and the agent definition of
// 000) give the verdict the spec implies. Snippets that show one table get the [extension] table
// of the spec's own first example in front.
import { describe, expect, it } from 'vitest';
import { checkManifest } from '../src/manifest/index';

const opts = { roziVersion: '0.0.44', platform: 'linux' };
const HEAD = `[extension]
id = "my-extension"
title = "my-extension"
description = "A Rozi extension"
version = "0.1.0"
api = 1
`;

const EXAMPLES: { name: string; toml: string; verdict?: 'valid' | 'incompatible'; platform?: string }[] = [
  {
    name: 'Create your first extension',
    toml: `${HEAD}\n[[commands]]\nid = "hello"\nlabel = "Hello from my-extension"\nexec = ["python3", "{extension_dir}/bin/hello.py"]\n`,
  },
  {
    name: 'Extension metadata',
    toml: `[extension]\nid = "my-extension"\ntitle = "My extension"\ndescription = "Project commands"\nversion = "0.1.0"\napi = 1\nmin_rozi = "0.0.25"\nplatforms = ["linux", "macos"]\nhomepage = "https://github.com/you/rozi-my-extension"\n`,
  },
  {
    name: 'Extension metadata on windows',
    toml: `[extension]\nid = "my-extension"\napi = 1\nplatforms = ["linux", "macos"]\n`,
    platform: 'windows',
    verdict: 'incompatible',
  },
  {
    name: 'Commands',
    toml: `${HEAD}\n[[commands]]\nid = "choose"\nlabel = "Choose item"\nexec = ["python", "{extension_dir}/bin/choose.py"]\n`,
  },
  {
    name: 'Show a command only when it applies',
    toml: `${HEAD}\n[[commands]]\nid = "install-hooks"\nlabel = "Install hooks"\nexec = ["python", "{extension_dir}/bin/install_hooks.py"]\nhidden = true\n`,
  },
  {
    name: 'Services',
    toml: `${HEAD}\n[[services]]\nname = "watch"\nexec = ["python", "{extension_dir}/bin/watch.py"]\nrestart = "on-failure"\n\n[services.env]\nPOLL_SECONDS = "30"\n`,
  },
  {
    name: 'Run on the session host',
    toml: `${HEAD}\n[[services]]\nname = "watch"\nexec = ["python3", "./bin/watch.py"]\nplacement = "each-host"\n\n[[commands]]\nid = "open"\nlabel = "Open in project"\nexec = ["./bin/open"]\nplacement = "active-session"\n`,
  },
  {
    name: 'Run a service without a UI',
    toml: `${HEAD}\n[[services]]\nname = "watch"\nexec = ["python3", "./bin/watch.py"]\nplacement = "session"\nrestart = "on-failure"\n`,
  },
  {
    name: 'session_scope attached',
    toml: `${HEAD}\n[[services]]\nname = "watch"\nexec = ["python3", "./bin/watch.py"]\nplacement = "each-host"\nsession_scope = "attached"\n`,
  },
  {
    name: 'Actions',
    toml: `${HEAD}\n[[actions]]\nid = "run-tests"\ntitle = "Run tests"\nexec = ["python3", "./bin/run-tests.py"]\nargs_schema = { type = "object", required = ["package"], properties = { package = { type = "string" } } }\nresult_schema = { type = "object", required = ["passed"] }\ndeadline_ms = 120000\nconcurrency = "singleton"\n`,
  },
  {
    name: 'Settings',
    toml: `${HEAD}\n[settings]\nrunner = "auto"\nrows = 50\nnotify = true\nignore = ["target", "node_modules"]\n`,
  },
  {
    name: 'Settings as tables',
    toml: `${HEAD}\n[settings]\ngroup = { default = "status", label = "Group by", choices = ["status", { value = "repo", label = "Repository" }] }\nrows = { default = 50, label = "Rows", description = "Rows kept per job", min = 1, max = 500 }\ndone = { default = false, label = "Show finished" }\n`,
  },
  {
    name: 'Suggest a chord for a command',
    toml: `${HEAD}\n[[commands]]\nid = "run"\nlabel = "Run task…"\nexec = ["python", "{extension_dir}/bin/tasks.py", "run"]\nkey = "r"\n`,
  },
  {
    name: 'Suggest a key for a core action',
    toml: `${HEAD}\n[[suggested_keybindings]]\naction = "smart-focus-left"\nkey = "ctrl-h"\n`,
  },
  {
    name: 'Sidebar tabs',
    toml: `${HEAD}\n[[sidebar_tabs]]\nname = "agents"\nlabel = "Agents"\nentries = [\n  { label = "rozi", group = "claude", run = "cd ~/Projects/rozi && claude" },\n  { label = "rozi", group = "codex", run = "cd ~/Projects/rozi && codex" },\n]\n\n[[sidebar_tabs]]\nname = "worktrees"\nlabel = "Worktrees"\ncommand = "git-tools worktrees --sidebar"\ninterval = 30\ngroup_prefix = "## "\non_click = { send = "{line}" }\n`,
  },
  {
    name: 'Tab settings',
    toml: `${HEAD}\n[settings]\ngroup = { default = "status", label = "Group by", choices = ["status", "repo"] }\ndone = { default = false, label = "Show finished" }\n\n[[sidebar_tabs]]\nname = "jobs"\nlabel = "Jobs"\nstream = true\nsettings = ["group", "done"]\n`,
  },
  {
    name: 'Stream tabs',
    toml: `${HEAD}\n[[sidebar_tabs]]\nname = "machines"\nlabel = "Machines"\nstream = true\n\n[[services]]\nname = "machines"\nexec = ["{extension_dir}/machines-watch"]\nplacement = "each-host"\n`,
  },
  {
    name: 'Sidebar presets',
    toml: `${HEAD}\n[[sidebar_presets]]\nname = "review"\nlabel = "Review workspace"\nlayout = { right = { panel_count = 1, panels = [{ weight = 1.0, tabs = ["agents"] }] } }\n`,
  },
  {
    name: 'Navigation targets',
    toml: `${HEAD}\n[[navigation_targets]]\nname = "vim"\nprograms = ["vim", "nvim", "view", "vimdiff"]\n`,
  },
  {
    name: 'Agent definitions (spec 000: Add an agent)',
    toml: `${HEAD}\n[[agents]]\nid = "mycoolagent"\nlabel = "My Cool Agent"\nmatch = { names = ["mca"], paths = ["@acme/mca"] }\n\n[[agents.states]]\nstate = "working"\nscope = "footer"\nscreen = { any_of = ["esc to interrupt"] }\n\n[[agents.states]]\nstate = "blocked"\nscreen = {\n  all_of = ["esc dismiss"],\n  any_of = ["enter submit", "enter toggle"]\n}\n\n[agents.resume]\nargv = ["mca", "--resume", "{session}"]\n`,
  },
  {
    name: 'Link handlers',
    toml: `${HEAD}\n[[commands]]\nid = "open"\nexec = ["python3", "{extension_dir}/bin/open.py"]\n\n[[link_handlers]]\nschemes = ["http", "https"]\ncommand = "open"\n`,
  },
];

describe('the spec example manifests', () => {
  for (const ex of EXAMPLES) {
    it(`${ex.name}: ${ex.verdict ?? 'valid'}`, () => {
      const r = checkManifest(ex.toml, { ...opts, platform: ex.platform ?? opts.platform });
      expect(r.errors.filter((e) => e.code !== 'unsupported-platform')).toEqual([]);
      expect(r.verdict).toBe(ex.verdict ?? 'valid');
    });
  }

  it('gives the model the defaults the spec documents', () => {
    const r = checkManifest(
      `${HEAD}\n[[actions]]\nid = "a"\ntitle = "A"\nexec = ["./a"]\nargs_schema = {}\nresult_schema = {}\n\n[[services]]\nname = "s"\nexec = ["s"]\n\n[[sidebar_tabs]]\nname = "t"\nlabel = "T"\ncommand = "ls"\n\n[[hooks]]\nevent = "bell"\nscript = "./h.mjs"\n\n[[commands]]\nid = "c"\nsend = "x"\n`,
      opts,
    );
    const m = r.manifest;
    expect(m?.actions[0]).toMatchObject({
      publicId: 'my-extension.a',
      deadlineMs: 30000,
      concurrency: 'parallel',
      placement: 'session',
    });
    expect(m?.services[0]).toMatchObject({
      publicId: 'my-extension.s',
      restart: 'on-failure',
      env: {},
      placement: 'client',
      sessionScope: 'active',
      cwd: undefined,
    });
    expect(m?.sidebarTabs[0]).toMatchObject({
      intervalSeconds: 30,
      source: { kind: 'command', format: 'lines', placement: 'client' },
      settings: [],
    });
    expect(m?.hooks[0]).toEqual({
      event: 'bell',
      script: './h.mjs',
      filter: undefined,
      permissions: [],
      timeoutMs: 50,
      memoryMb: 32,
    });
    expect(m?.commands[0]).toMatchObject({
      label: 'c',
      hidden: false,
      placement: 'client',
      run: { kind: 'send', text: 'x' },
    });
  });
});
