package com.burstline.server.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** User text in the Markdown report is text: no HTML, links, emphasis, cell breaks or closing of the code block. */
class MarkdownTextTest {

    @Test
    void markupInUserTextIsEscaped() {
        assertThat(MarkdownText.inline("<script>alert(1)</script> | [x](http://e) **b** # h"))
                .isEqualTo("\\<script\\>alert(1)\\</script\\> \\| \\[x\\](http://e) \\*\\*b\\*\\* # h");
        assertThat(MarkdownText.inline("# heading\nnext")).isEqualTo("\\# heading next");
        assertThat(MarkdownText.fence(List.of("iperf3 -c ```x"))).isEqualTo("````");
    }

    @Test
    void aDriverNameWithHtmlStaysTextInTheRenderedReport() {
        var row = new Report.TcpRow("<img src=x onerror=alert(1)>", "TCP 1 stream", "Upload", "1 Gbit/s", "the cap",
                "—", "0");
        String markdown = MarkdownReport.render(new Report("Runs of <b>x</b>", 1, List.of(), "Driver", List.of(row),
                List.of(), null, List.of(new Report.AnalysisLine(null, "<b>x</b> is 4% faster")), List.of("iperf3 -c host ```"), "", List.of(), List.of(),
                List.of()));
        assertThat(markdown).as("no unescaped <").doesNotContainPattern("(?<!\\\\)<").contains("\\<img src=x onerror=alert(1)\\>",
                "# Runs of \\<b\\>x\\</b\\>", "- \\<b\\>x\\</b\\> is 4% faster", "````sh\niperf3 -c host ```\n````");
    }
}
