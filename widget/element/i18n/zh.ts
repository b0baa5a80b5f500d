import { idleLabel, TYPE_INSTEAD, talkTo } from './idle-labels.ts';
import type { WidgetTexts } from './widget-texts.ts';

const again = (idle: string): string => `然后再点一次“${idle}”。`;

/** Simplified Chinese (简体中文). */
export const zh: WidgetTexts = {
  labels: { idle: idleLabel('zh'), connecting: '正在连接...', active: '挂断' },
  // The demo's voice speaks English only: its badge says so.
  demoBadge: '演示 · 英语语音',
  loadFailed: '助手没能加载。请检查网络连接，然后再点一次按钮。',
  talkTo: (name) => talkTo('zh', name),
  close: '关闭',
  callEnded: '通话已结束。',
  connected: '已接通，请开始说话。',
  mute: '麦克风静音',
  callControls: '通话控制',
  speaking: (name) => `${name}正在说话…`,
  listening: '正在聆听…',
  visitorSpeaking: '您正在说话…',
  muted: (name) => `麦克风已静音，${name}听不到您的声音。`,
  callEndedAfter: (time) => `通话已结束 · ${time}`,

  typeInstead: TYPE_INSTEAD.zh,
  talkToPerson: '与真人通话',
  typeWhenNoMicrophone: '您也可以直接输入问题。',
  transcript: '对话记录',
  messageTo: (name) => `发给${name}的消息`,
  messageHint: '按 Enter 发送，按 Shift+Enter 换行。',
  send: '发送',
  you: '您',
  sampleVisitor: '示例访客',
  assistant: '助手',
  typed: '文字',
  typing: '助手正在输入…',
  notSent: '未发送。请检查网络连接后重试。',
  retry: '重试',

  consentTitle: '开始之前',
  agree: '同意',
  notNow: '暂不',
  consentTerms: '阅读完整条款',

  errors: {
    microphoneSetting: {
      chrome: '在 Chrome 中，点击地址栏左侧的网站设置图标，将麦克风设为“允许”',
      edge: '在 Edge 中，点击地址栏左侧的锁形图标，打开此网站的权限，将麦克风设为“允许”',
      firefox: '在 Firefox 中，点击地址栏里带斜线的麦克风图标，解除阻止',
      safari:
        '在 Safari 中，打开“Safari › 此网站的设置”（或“设置 › 网站 › 麦克风”），将麦克风设为“允许”',
      other: '请在浏览器的网站设置中允许此网站使用麦克风',
    },
    microphoneDenied: (setting, idle) => `麦克风权限被阻止。${setting}，${again(idle)}`,
    microphoneNotFound: (idle) =>
      `没有找到麦克风。请连接一个（或检查系统声音设置），${again(idle)}`,
    microphoneInUse: (idle) =>
      `麦克风正被占用或无法启动。请关闭其他正在使用它的应用，${again(idle)}`,
    unreachable: (detail) => `无法连接到助手（${detail}）。请检查助手 ID 和公钥，或稍后再试。`,
    connectFailed: (detail, idle) => `通话没能接通（${detail}）。请检查网络连接，${again(idle)}`,
    generic: (detail, idle) => `出了点问题（${detail}）。请再点一次“${idle}”。`,
  },
  problems: {
    noTarget: (tag) =>
      `尚未设置助手。请在 <${tag}> 上添加 assistant-id="…"（或 squad-id / workflow-id）。`,
    severalTargets: (found) =>
      `assistant-id、squad-id 和 workflow-id 只能设置其中一个（当前设置了 ${found}）。`,
    placeholderKey: (value) =>
      `public-key="${value}" 是占位符。请粘贴平台控制台（API Keys）中的公钥，或删除 public-key 以试用离线演示。`,
  },
};
