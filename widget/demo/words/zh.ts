import type { DemoWords } from './demo-words.ts';

/** Simplified Chinese (简体中文). */
export const zh: DemoWords = {
  listingAgent: '房源经纪人',
  slot: { '2:00 PM': '下午2:00', '4:00 PM': '下午4:00' },
  day: '周六',
  greeting: (name, brokerage, address) =>
    name === null
      ? `您好，我是 Nora，${brokerage} 的虚拟助手。可以问我 ${address} 的价格、房间或预约看房。`
      : `您好，我是 ${name}，一名虚拟助手。可以问我 ${address} 的情况，或预约看房。`,
  listed: (address, price) => `${address} 的挂牌价为 ${price}。`,
  rooms: (bedrooms, baths) => `共有 ${bedrooms} 间卧室和 ${baths} 间浴室。`,
  at: (address) => `房子位于 ${address}。`,
  features: '房子有翻新过的厨房和带围栏的后院。',
  unknown: (what, address, agent) =>
    `这个离线演示不知道 ${address} 的${{ price: '价格', rooms: '房间情况', features: '特色' }[what]}。${agent}会在确认看房时告诉您。`,
  offer: (first, second) => `我可以为您预约本周六看房。${first}和${second}有空。您选哪个时间？`,
  which: (first, second, notOpen) =>
    `${notOpen ? '这个时间没有空。' : ''}本周六${first}和${second}有空。您想选哪个？`,
  already: (time) => `您已经预约了周六${time}看房。`,
  booked: (time, agent) =>
    `已为您预约周六${time}看房，由${agent === null ? '房源经纪人' : `房源经纪人 ${agent} `}接待。这只是演示，没有真正预约。`,
  fallback: (address, suggestion) =>
    `我是离线演示，只能回答关于 ${address} 的几个问题。试着问：“${suggestion}”`,
  suggestions: {
    price: '价格是多少？',
    rooms: '有几间卧室？',
    slots: '可以预约看房吗？',
    features: '房子有什么特色？',
    address: '房子在哪里？',
  },
  askAll: (agent) => `${agent}应该用什么姓名和电话或邮箱与您确认？`,
  askName: (agent) => `请问您的姓名，好让${agent}知道接待谁？`,
  askReach: (name, agent) => `谢谢，${name}。${agent}应该用什么电话或邮箱与您确认？`,
  passed: (name, agent) => `谢谢，${name}。我已把您的信息转给${agent}，对方会联系您确认。`,
  followUp: (name) => `谢谢，${name}。您的信息已保存，团队会跟进并与您确认时间。`,
  couldNot: '未能转交您的信息。',
  person: '您可以与真人通话：点按下方的“与真人通话”，留下电话号码，经纪人会给您回电。',
  thanks: '谢谢。',
};
