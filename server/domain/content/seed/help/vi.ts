// Vietnamese answers of the help centre about AI quant plans and the weighted score, translated
// from ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const viHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "Giao dịch định lượng AI là gì?",
    summary:
      "Các gói giao dịch theo quy tắc được viết và công bố, với tham số được chọn bằng một phép tìm kiếm kiểm chứng trên dữ liệu nó chưa dùng. Không ai hứa một gói sẽ lãi bao nhiêu.",
    body: [
      "<p>Trên Quanta, giao dịch định lượng AI là các <strong>gói định lượng AI</strong>: bạn đặt một khoản tiền vào gói, và chiến lược của gói giao dịch khoản đó trên thị trường trực tiếp trong suốt thời hạn của gói, với cùng giá và phí như lệnh spot. Khoản lãi hoặc lỗ của gói được ghi sổ khi gói kết thúc.</p>",
      "<h2>“AI” là gì</h2>",
      "<p>“AI” là tìm kiếm tham số với kiểm định walk-forward, và chúng tôi gọi đúng như vậy: phòng thí nghiệm thử một lưới giới hạn các bộ tham số của chiến lược trên một khoảng nến quá khứ và kiểm tra bộ tốt nhất trên khoảng kế tiếp mà nó chưa thấy. Không có mô hình nào dự đoán giá, và không ai đặt tay các giao dịch của gói.</p>",
      "<h2>Các chiến lược</h2>",
      "<ul>",
      "<li><strong>Theo xu hướng</strong> giữ coin khi đường trung bình động nhanh nằm trên đường chậm. Lỗ trong thị trường đi ngang biến động và khi giá sập đột ngột.</li>",
      "<li><strong>Hồi quy về trung bình</strong> mua khi giá xuống dưới dải Bollinger dưới và bán tại đường trung bình. Lỗ khi một nhịp giảm biến thành đà rơi.</li>",
      "<li><strong>Lưới</strong> mua một đơn vị mỗi khi giá giảm một bậc và bán nó cao hơn một bậc. Lỗ khi giá ra khỏi lưới.</li>",
      "</ul>",
      "<h2>Những gì bạn thấy</h2>",
      "<ul>",
      "<li>Mỗi gói hiển thị backtest 30 ngày gần nhất, khi đã chạy, cùng các giả định (phí, trượt giá, khớp ở giá mở của nến kế tiếp), không bao giờ là lợi nhuận hứa hẹn.</li>",
      "<li>Mỗi gói có giới hạn lãi, giới hạn lỗ và thời điểm giao; gói kết thúc và bán khi chạm điều kiện đến trước.</li>",
      "<li>Mỗi giao dịch nêu tick thị trường đã ghi mà nó dùng.</li>",
      "</ul>",
      '<p>Quanta (nhà cái) là đối tác: trả khoản lãi của gói và giữ khoản lỗ. Một số gói dùng đòn bẩy, làm tăng cả lỗ lẫn lãi. Bạn có thể mất tới toàn bộ số tiền đặt vào gói; xem <a href="/data/detail?id=is-profit-guaranteed">Lợi nhuận có được bảo đảm không?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "Giao dịch định lượng AI có những ưu điểm gì?",
    summary:
      "Quy tắc thay cho cảm xúc, kiểm chứng trên dữ liệu quá khứ, giới hạn đặt trước và mọi giao dịch đều kiểm tra được. Nó không loại bỏ rủi ro.",
    body: [
      "<p>Một gói tuân theo quy tắc đã viết. So với giao dịch bằng tay, điều đó mang lại ưu điểm thực sự, và có những giới hạn bạn nên biết.</p>",
      "<h2>Ưu điểm</h2>",
      "<ul>",
      "<li><strong>Kỷ luật.</strong> Chiến lược hành động ở mỗi nến một phút đã đóng theo cùng một quy tắc, ngày lẫn đêm, không sợ hãi hay tham lam.</li>",
      "<li><strong>Kiểm chứng trước khi dùng.</strong> Bạn có thể chạy backtest và tối ưu hóa walk-forward trong phòng thí nghiệm trên thị trường đã ghi, và mỗi gói hiển thị backtest 30 ngày gần nhất cùng các giả định.</li>",
      "<li><strong>Giới hạn đặt trước.</strong> Mỗi gói có giới hạn lãi, giới hạn lỗ và thời điểm giao. Số tiền của bạn bị đóng băng khi gói chạy, và khoản lãi hoặc lỗ được ghi sổ khi kết thúc.</li>",
      "<li><strong>Kiểm tra được.</strong> Mỗi giao dịch nêu tick thị trường đã ghi và được nối chuỗi băm mà nó dùng, nên ai cũng tính lại được.</li>",
      "</ul>",
      "<h2>Giới hạn</h2>",
      "<ul>",
      "<li>Backtest không phải dự báo. Thị trường thay đổi, và một chiến lược từng tốt trên dữ liệu quá khứ vẫn có thể lỗ.</li>",
      "<li>Phí được trả cho mọi giao dịch, dù thắng hay thua.</li>",
      '<li>Mỗi chiến lược đều có thị trường khiến nó lỗ; <a href="/data/detail?id=what-is-ai-quant-trading">Giao dịch định lượng AI là gì?</a> nêu rõ.</li>',
      "</ul>",
      "<p>Không gói nào bảo đảm lợi nhuận. Chỉ đặt vào số tiền bạn có thể chấp nhận mất.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("vi", {
    title: "Điểm có trọng số là gì?",
    summary:
      "Điểm từ 0 đến 1.000 tính từ tiền nạp, số ngày giao dịch và các backtest của bạn. Cùng với xác minh danh tính, nó quyết định cấp tín dụng và hạn mức gói của bạn.",
    intro: [
      "Điểm có trọng số đo cách bạn sử dụng Quanta: <strong>tổng hạn mức</strong> (số tiền bạn đã nạp), <strong>thói quen sử dụng</strong> (bạn giao dịch thường xuyên thế nào) và <strong>đóng góp vào việc huấn luyện mô hình</strong> (các backtest bạn chạy). Cùng với xác minh danh tính, nó quyết định cấp tín dụng của bạn, và cấp tín dụng quyết định bạn có thể tham gia gói định lượng AI nào và giữ bao nhiêu trong đó. Đây là tiêu chí cơ bản để trở thành nhà đầu tư trên Quanta.",
    ],
    formulaHeading: "Cách tính",
    totalLimit: (weight, full) =>
      `<strong>Tổng hạn mức</strong> = ${weight} × min(1, tiền nạp đã ghi có ÷ ${full} USDT). Mọi khoản nạp đã ghi có vào tài khoản đều được tính; tiền demo không được tính, và rút tiền không làm nó giảm.`,
    usageHabits: (weight, window) =>
      `<strong>Thói quen sử dụng</strong> = ${weight} × số ngày có giao dịch trong ${window} ngày qua ÷ ${window}. Một ngày (UTC) được tính khi bạn có lệnh spot khớp, mua quyền chọn, mở hoặc đóng vị thế hợp đồng hoặc bắt đầu một gói; ngày đó ra khỏi khoảng sau ${window} ngày.`,
    contribution: (weight, full) =>
      `<strong>Đóng góp vào việc huấn luyện mô hình</strong> = ${weight} × min(1, (số backtest đã chạy + chiến lược đã chia sẻ) ÷ ${full}). Các backtest và tối ưu hóa đã hoàn tất trong phòng thí nghiệm được tính; chưa hỗ trợ chia sẻ chiến lược, nên phần đó bằng 0.`,
    sum: (max) =>
      `Mỗi phần được làm tròn xuống thành điểm nguyên, và điểm là tổng của chúng, từ 0 đến ${max}. Điểm được tính lại hằng ngày và ngay sau một lần nạp tiền, một giao dịch hoặc một backtest hoàn tất.`,
    levelsHeading: "Các cấp tín dụng",
    levelUnverified: (level, quota) =>
      `<strong>Cấp ${level}</strong>: chưa xác minh danh tính. Hạn mức gói ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Cấp ${level}</strong>: đã xác minh danh tính. Hạn mức gói ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Cấp ${level}</strong>: đã xác minh danh tính và điểm tối thiểu ${minScore}. Hạn mức gói ${quota} USDT.`,
    outro: [
      "Hạn mức gói là số tiền tối đa bạn có thể giữ cùng lúc trong các gói đang chạy. Chỉ riêng điểm số không bao giờ đưa một tài khoản chưa xác minh danh tính lên trên cấp đầu tiên.",
      'Điểm của bạn, từng phần cùng những gì đã được tính và điều cấp tiếp theo cần có nằm ở <a href="/my">Tài sản</a>. Điểm không hứa hẹn lợi nhuận và không cấp tín dụng: Quanta không cung cấp cho vay.',
    ],
  }),
};
