// The vscode-elements web components the Statistics view uses (each import registers its tag).
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-button/index.js';
