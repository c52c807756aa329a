// Vietnamese content, translated from en.ts: same ids, links, numbers and HTML structure, same
// honest-money meaning (DESIGN §1: no promised returns, risks stated).
// One paragraph or list item per line, like en.ts.
import { viDocuments } from "./documents/vi";
import { viHelp } from "./help/vi";
import type { LangContent } from "./types";

export const vi: LangContent = {
  settings: {
    pitch: {
      title: "Giao dịch bạn có thể kiểm chứng",
      subtitle:
        "Giao dịch giao ngay, giao dịch hợp đồng (có đòn bẩy) và quyền chọn tăng/giảm trên nguồn dữ liệu thị trường trực tiếp, mọi số dư đến từ sổ cái kép và mọi kết quả đều có thể kiểm tra.",
      points: [
        {
          title: "Giao dịch giao ngay và hợp đồng",
          text: "Lệnh giao ngay thị trường và giới hạn được khớp với sổ lệnh trực tiếp, và mỗi lần khớp ghi lại sổ lệnh và tick đã dùng. Vị thế hợp đồng mua (long) hoặc bán (short) với đòn bẩy trên ký quỹ riêng lẻ, với Quanta (nhà cái) là bên đối ứng theo giá của nguồn dữ liệu thị trường. Đòn bẩy nhân lỗ lên nhiều lần, và khi bị thanh lý, vị thế mất toàn bộ ký quỹ.",
        },
        {
          title: "Quyền chọn tăng/giảm",
          text: "Đặt cược giá sẽ cao hơn hay thấp hơn sau một số giây định sẵn. Thắng thì nhận lại số tiền đặt cộng khoản chi trả đã báo, thua thì mất toàn bộ số tiền đặt, hòa thì được hoàn số tiền đặt; mỗi lần mua đều tính phí. Quanta (nhà cái) là bên đối ứng, theo giá đã ghi nhận của nguồn dữ liệu thị trường.",
        },
        {
          title: "USDT vào và ra",
          text: "Tiền nạp USDT (ERC20) được xác minh trên chuỗi. Mỗi lệnh rút được duyệt hoặc từ chối kèm lý do, và không bao giờ đòi phí để giải phóng nó.",
        },
        {
          title: "Kiểm chứng được, không hứa hẹn lợi nhuận",
          text: "Giao dịch, vị thế hợp đồng và quyền chọn chỉ được tất toán theo các tick giá thị trường đã ghi nhận và liên kết bằng chuỗi băm, và ai cũng có thể tính lại từng kết quả; mỗi quyền chọn đã tất toán và mỗi lần thanh lý, chốt lời hay cắt lỗ đều có nút Kiểm chứng trong ứng dụng. Bạn có thể mất tiền, kể cả toàn bộ số tiền đặt hoặc ký quỹ, và trung bình đoán kiểu 50/50 với quyền chọn sẽ mất tiền.",
        },
      ],
    },
    subscribe: {
      title: "Bản tin",
      text: "Thỉnh thoảng gửi e-mail về cập nhật sản phẩm và thay đổi phí hoặc điều khoản. Không spam, và chúng tôi không bao giờ bán địa chỉ của bạn. Để xóa địa chỉ, hãy viết cho bộ phận hỗ trợ.",
    },
    footer: {
      operator:
        "Phiên bản Quanta này do đơn vị vận hành của nó điều hành. Ở chế độ demo, không có tiền thật nào được chuyển.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Liên hệ hỗ trợ (địa chỉ ví dụ)",
    "messaging-app": "Hỗ trợ trên Matrix (địa chỉ ví dụ)",
    "help-centre": "Trung tâm trợ giúp",
    "community-guidelines": "Quy tắc cộng đồng",
    "user-agreement": "Thỏa thuận người dùng",
    "privacy-policy": "Chính sách quyền riêng tư",
    "partner-ethereum": "Ethereum — mạng tất toán",
    "partner-tether": "Tether USDT (ERC20) — tài sản nạp",
    "partner-binance-data": "Dữ liệu thị trường công khai của Binance (luồng dữ liệu thực)",
    "partner-foundry": "Foundry anvil — chuỗi demo",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "Lợi nhuận có được bảo đảm không?",
      summary:
        "Không. Mọi giao dịch đều có thể thua lỗ, và giá trong quá khứ không dự báo giá tương lai.",
      body: [
        "<p><strong>Không.</strong> Không giao dịch nào trên Quanta bảo đảm lợi nhuận, và không ai làm việc cho Quanta được phép hứa hẹn với bạn. Nếu có ai làm vậy, hãy coi đó là dấu hiệu cảnh báo và báo cho bộ phận hỗ trợ.</p>",
        "<h2>Vì sao bạn có thể thua lỗ</h2>",
        "<ul>",
        "<li><strong>Thị trường thay đổi.</strong> Các quy luật mà chiến lược học được từ dữ liệu quá khứ có thể ngừng hiệu quả mà không báo trước.</li>",
        "<li><strong>Phí.</strong> Phí được thu dù giao dịch thắng hay thua.</li>",
        "<li><strong>Đòn bẩy.</strong> Đòn bẩy nhân cả lỗ lẫn lãi lên nhiều lần. Một biến động ngược chiều vị thế hợp đồng bằng 1/đòn bẩy trừ tỷ lệ ký quỹ duy trì sẽ thanh lý nó: ở mức 20× với ký quỹ duy trì 0,5%, đó là biến động khoảng 4,5%. Khi bị thanh lý, vị thế mất toàn bộ ký quỹ.</li>",
        "<li><strong>Quyền chọn tăng/giảm.</strong> Khi thắng bạn nhận lại số tiền đặt cộng ít hơn 100% của nó, và mỗi lần mua đều tính phí, nên trung bình đoán kiểu 50/50 sẽ mất tiền.</li>",
        "</ul>",
        "<p>Bạn có thể mất toàn bộ số tiền đã bỏ ra, và toàn bộ ký quỹ của một vị thế hợp đồng.</p>",
        "<h2>Những gì Quanta cam kết</h2>",
        "<ul>",
        "<li>Kết quả chỉ đến từ giá thị trường đã ghi nhận, theo các quy tắc đã công bố. Không ai có thể chọn thắng hay thua thay bạn.</li>",
        "<li>Phí được hiển thị trước khi bạn xác nhận.</li>",
        "<li>Lệnh rút tiền được chấp thuận hoặc từ chối kèm lý do rõ ràng, và bạn không bao giờ bị yêu cầu trả bất kỳ khoản nào để được giải ngân.</li>",
        "</ul>",
        "<p>Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.</p>",
      ].join("\n"),
    },

    ...viDocuments,
    ...viHelp,

    "welcome-to-quanta": {
      title: "Chào mừng bạn đến với Quanta",
      summary:
        "Ứng dụng giao dịch mà bạn đăng nhập bằng ví của chính mình. Ứng dụng duy trì sổ cái kế toán kép và tất toán mọi giao dịch theo giá thị trường đã ghi nhận.",
      body: [
        "<p>Quanta là ứng dụng giao dịch bạn đăng nhập bằng ví Ethereum của chính mình. Ứng dụng cung cấp giao dịch giao ngay với lệnh thị trường và lệnh giới hạn, giao dịch hợp đồng (có đòn bẩy) và quyền chọn tăng/giảm nếu phiên bản này có cung cấp, nạp và rút USDT (ERC20), bằng 11 ngôn ngữ. Có thể cài như một ứng dụng, vẫn hoạt động khi ngoại tuyến và luôn cho biết dữ liệu mới đến đâu.</p>",
        "<h2>Được xây dựng để có thể kiểm chứng</h2>",
        "<p>Những ứng dụng kiểu này có tiếng xấu: số dư giả, tất toán gian lận, rút tiền bị giữ lại. Quanta được xây dựng để khác biệt một cách có thể chứng minh.</p>",
        "<ul>",
        "<li><strong>Không có tiền từ hư không.</strong> Mọi số dư là tổng các bút toán trong sổ cái kế toán kép, trong đó mọi giao dịch đều cân bằng về không.</li>",
        "<li><strong>Không có kết quả được chọn trước.</strong> Giao dịch chỉ được tất toán theo các tick giá thị trường đã ghi nhận và liên kết bằng chuỗi băm, theo các quy tắc đã công bố, và mỗi lệnh đã tất toán hiển thị các tick đã dùng.</li>",
        "<li><strong>Tiền rút không bao giờ bị giữ làm con tin.</strong> Mỗi yêu cầu được chấp thuận hoặc từ chối kèm lý do rõ ràng, và không bao giờ có bất kỳ khoản phí, thuế hay tiền đặt cọc nào được yêu cầu để giải ngân.</li>",
        "<li><strong>Nội dung trung thực.</strong> Cảnh báo rủi ro ở nơi cần thiết, không hứa hẹn lợi nhuận và không hứa hẹn những sản phẩm chưa tồn tại.</li>",
        "</ul>",
        '<p>Giao dịch có rủi ro và bạn có thể thua lỗ. Hãy bắt đầu từ <a href="/data?category=help">trung tâm trợ giúp</a>. Nếu phiên bản này đang chạy ở chế độ demo, bạn có thể thử mọi thứ với tiền demo trước.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "Cách kiểm chứng việc tất toán",
      summary:
        "Mọi giao dịch được tất toán theo các tick giá thị trường đã ghi nhận, liên kết bằng chuỗi băm theo từng mã. Đây là cách tự tính lại kết quả và kiểm tra chuỗi.",
      body: [
        "<p>Trên Quanta, không ai quyết định một giao dịch thắng hay thua. Mỗi lần tất toán được tính từ các <strong>tick giá thị trường đã ghi nhận</strong>, mỗi tick gồm giá, thời gian và số thứ tự, theo một quy tắc đã công bố. Mỗi lệnh đã tất toán hiển thị các tick đã dùng.</p>",
        "<h2>Chuỗi tick</h2>",
        "<p>Các tick được liên kết thành chuỗi theo từng mã, giống như các khối của một blockchain. Mỗi tick mang một giá trị băm: SHA-256 của chuỗi văn bản <em>giá trị băm trước|số thứ tự|giá|thời gian</em>, viết ở dạng thập lục phân chữ thường. Tick đầu tiên của một mã dùng 64 số 0 làm giá trị băm trước. Thay đổi bất kỳ tick đã ghi nhận nào cũng sẽ làm thay đổi giá trị băm của nó và mọi giá trị băm sau đó.</p>",
        "<h2>Tự kiểm tra</h2>",
        "<ol>",
        "<li>Đọc mắt xích mới nhất trong chuỗi của một mã tại <strong>/api/v1/market/ticks/head</strong> (ví dụ với ?symbol=BTC/USDT) và lưu lại giá trị băm.</li>",
        "<li>Đọc các tick quanh thời điểm đặt lệnh của bạn tại <strong>/api/v1/market/ticks</strong> với mã và một khoảng thời gian (from, to).</li>",
        "<li>Tính lại từng giá trị băm từ giá trị băm trước đó, dùng đúng giá và thời gian như máy chủ trả về. Mỗi giá trị phải khớp, và chuỗi phải dẫn tới mắt xích mới nhất mà bạn đã lưu.</li>",
        "</ol>",
        "<p>Nếu bạn lưu lại giá trị băm của mắt xích mới nhất mà bạn đã thấy, thì việc viết lại các tick trước đó về sau không thể không bị phát hiện: chuỗi được tính lại sẽ không còn dẫn tới giá trị đó.</p>",
        "<h2>Quyền chọn tăng/giảm</h2>",
        "<p>Điểm vào của một quyền chọn là tick giá đầu tiên được ghi nhận sau khi lệnh mua được chấp nhận, và điểm ra là tick giá cuối cùng được ghi nhận tại hoặc trước lúc hết hạn. Nút Kiểm chứng trên mỗi quyền chọn đã tất toán trong ứng dụng kiểm tra chuỗi và tính lại kết quả; <strong>npm run verify -- options</strong> làm điều tương tự từ dòng lệnh.</p>",
        "<h2>Vị thế hợp đồng</h2>",
        "<p>Một vị thế hợp đồng chỉ bị thanh lý, hoặc đóng bởi lệnh chốt lời hay cắt lỗ, do một tick đã ghi nhận sau tick mà nó được mở, theo giá của tick đó: tick đầu tiên chạm một trong các mức của nó quyết định, và vị thế đã đóng ghi rõ tick đó. Nút Kiểm chứng trên một vị thế như vậy trong ứng dụng kiểm tra chuỗi từ tick mở đến tick đó, rằng không tick nào ở giữa chạm một mức, và kết quả.</p>",
        "<p>Mức chốt lời hoặc cắt lỗ có hiệu lực từ tick đầu tiên được ghi nhận sau khi đặt: vị thế lưu tick mới nhất tại thời điểm đó, và Kiểm chứng kiểm tra từ đó. Giá thanh lý không bao giờ thay đổi.</p>",
        "<p>Các địa chỉ này là công khai và không cần tài khoản. Nếu kết quả không khớp, hãy liên hệ bộ phận hỗ trợ kèm mã lệnh.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "Giải thích về chế độ demo",
      summary:
        "Ở chế độ demo, thị trường là mô phỏng, chuỗi là chuỗi thử nghiệm cục bộ và số dư là tiền demo. Không thứ gì trong đó có giá trị tiền tệ.",
      body: [
        "<p>Quanta chạy ở một trong hai chế độ. Chế độ demo là mặc định khi phần mềm được khởi động trên một máy duy nhất, và nhằm để dùng thử sản phẩm mà không có rủi ro.</p>",
        "<h2>Điểm khác biệt ở chế độ demo</h2>",
        "<ul>",
        "<li><strong>Thị trường mô phỏng.</strong> Giá đến từ một trình mô phỏng với độ biến động và sổ lệnh thực tế, không phải từ một sàn giao dịch thật. Các tick của nó được ghi nhận và liên kết bằng chuỗi băm như một luồng dữ liệu thật, nên việc tất toán hoạt động giống như ở chế độ thực.</li>",
        "<li><strong>Chuỗi thử nghiệm cục bộ.</strong> Việc nạp và rút tiền dùng một chuỗi phát triển cục bộ (anvil của Foundry) với token USDT thử nghiệm không có giá trị. Một vòi (faucet) sẽ gửi USDT thử nghiệm vào ví của bạn.</li>",
        "<li><strong>Tiền demo.</strong> Bạn có thể thêm tiền demo vào số dư. Khoản này hiển thị trong sao kê của bạn là “Tiền demo”, nên không bao giờ bị nhầm với một khoản nạp.</li>",
        "<li><strong>Ví demo.</strong> Nếu bạn chưa có ví, ứng dụng có thể tạo một ví demo với khóa được lưu trong trình duyệt của bạn. Chỉ dùng ví này cho chế độ demo.</li>",
        "</ul>",
        "<p>Mọi màn hình đều được ghi rõ khi chế độ demo đang bật.</p>",
        "<h2>Những gì vẫn giữ nguyên</h2>",
        "<p>Sổ cái, quy tắc tất toán, cách hiển thị phí và quy tắc rút tiền dùng cùng một mã nguồn như ở chế độ thực. Kết quả ở chế độ demo là kết quả thật của các quy tắc đó trên giá mô phỏng, nhưng giá mô phỏng không phải giá thị trường: kết quả đó không nói lên điều gì về số tiền bạn sẽ kiếm được ở chế độ thực.</p>",
        "<h2>Demo không bao giờ trở thành thật</h2>",
        "<p>Các tính năng demo chỉ tồn tại ở chế độ demo. Máy chủ ở chế độ thực sẽ từ chối khởi động nếu bất kỳ tính năng nào trong số đó được bật, và cơ sở dữ liệu đã dùng ở chế độ này sẽ từ chối máy chủ ở chế độ kia, nên tiền demo không bao giờ có thể trở thành tiền thật.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Cam kết của chúng tôi về rút tiền",
      summary:
        "Mọi lệnh rút tiền đều được chấp thuận hoặc từ chối kèm lý do rõ ràng. Không bao giờ yêu cầu phí, thuế, tiền đặt cọc hay nhiệm vụ để giải ngân tiền của bạn.",
      body: [
        "<p>Một chiêu lừa đảo phổ biến ở các ứng dụng giao dịch là khoản rút tiền không bao giờ về: số dư trông vẫn ổn cho đến khi bạn muốn rút, rồi bạn bị yêu cầu trả một khoản “thuế”, “phí mở khóa” hay “tiền đặt cọc”, hoặc phải hoàn thành “nhiệm vụ” trước. Quanta được xây dựng để điều này không bao giờ có thể là cách mọi thứ vận hành.</p>",
        "<h2>Cam kết</h2>",
        "<ul>",
        "<li>Mọi yêu cầu rút tiền hoặc <strong>được chấp thuận và chuyển đi</strong>, hoặc <strong>bị từ chối kèm lý do rõ ràng</strong>. Nếu bị từ chối, số tiền được hoàn lại vào số dư khả dụng của bạn.</li>",
        "<li>Khoản phí duy nhất là phí rút tiền được hiển thị <strong>trước khi</strong> bạn xác nhận, cùng với số tiền tối thiểu và tối đa.</li>",
        "<li>Chúng tôi <strong>không bao giờ</strong> yêu cầu phí, thuế, tiền đặt cọc, khối lượng giao dịch hay nhiệm vụ để giải ngân tiền của bạn. Phần mềm không có tùy chọn nào như vậy.</li>",
        "</ul>",
        "<h2>Những gì bạn có thể xem</h2>",
        "<p>Mỗi lệnh rút tiền hiển thị trạng thái (đang xét duyệt, đã chấp thuận và đang chuyển, thành công hoặc thất bại), phí, địa chỉ nhận và, khi đã chuyển, mã băm giao dịch để tra cứu trên trình khám phá khối. Trong khi lệnh rút đang được xét duyệt, số tiền đó bị phong tỏa trong sổ cái của bạn; sau đó số tiền được trừ đi hoặc hoàn lại, đúng một lần.</p>",
        "<blockquote>Nếu bất kỳ ai, kể cả người tự xưng là bộ phận hỗ trợ của Quanta, yêu cầu bạn trả tiền để giải ngân một lệnh rút tiền, đó là lừa đảo. Đừng trả tiền, và hãy báo cáo.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "Dữ liệu thị trường của chúng tôi đến từ đâu",
      summary:
        "Phiên bản demo dùng trình mô phỏng thị trường có hạt giống cố định; phiên bản thực dùng luồng dữ liệu của một sàn công khai. Cả hai đều được ghi nhận và liên kết bằng chuỗi băm.",
      body: [
        "<p>Mọi mức giá bạn thấy và mọi lần tất toán trên Quanta đều đến từ một luồng dữ liệu thị trường duy nhất cho mỗi phiên bản. Luồng dữ liệu nào thì tùy thuộc vào chế độ.</p>",
        "<h2>Chế độ demo: một trình mô phỏng</h2>",
        "<p>Một trình mô phỏng có hạt giống cố định tạo ra giá với độ biến động, độ sâu sổ lệnh và dữ liệu lịch sử bổ sung sát với thực tế. Trình mô phỏng không kết nối với bất kỳ thị trường thật nào, và giá của nó không phải là giá thật.</p>",
        "<h2>Chế độ thực: luồng dữ liệu của một sàn giao dịch công khai</h2>",
        '<p>Các phiên bản ở chế độ thực đọc dữ liệu thị trường công khai từ một sàn giao dịch lớn, chẳng hạn <a href="https://www.binance.com/en/binance-api">dữ liệu thị trường công khai của Binance</a>. Quanta không liên kết với sàn đó và không gửi lệnh của bạn đến đó: đơn vị vận hành khớp lệnh dựa trên sổ lệnh của luồng dữ liệu, theo các quy tắc đã công bố.</p>',
        "<h2>Luôn được ghi nhận</h2>",
        '<p>Dù nguồn là gì, mỗi tick đều được ghi nhận kèm số thứ tự và liên kết bằng chuỗi băm trước khi được sử dụng, nên mọi lần tất toán đều có thể được tính lại sau này; xem <a href="/data/detail?id=how-settlements-are-verified">Cách kiểm chứng việc tất toán</a>. Khi luồng dữ liệu bị gián đoạn, giá được đánh dấu là đã cũ và các lệnh định giá theo thị trường bị tạm dừng cho đến khi có dữ liệu mới.</p>',
      ].join("\n"),
    },
  },
};
