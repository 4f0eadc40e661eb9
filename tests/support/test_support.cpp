#include "test_support.h"

#include "docs/doc_table.h"
#include "formats/grub/grub_samples.h"

#include <QProcess>

#include <cctype>
#include <fstream>

namespace assetscope::test {

Bytes hexBytes(std::string_view hex) {
    Bytes out;
    int high = -1;
    for (char c : hex) {
        if (!std::isxdigit(static_cast<unsigned char>(c))) continue;
        const int v = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
        if (high < 0) {
            high = v;
        } else {
            out.push_back(static_cast<std::uint8_t>(high * 16 + v));
            high = -1;
        }
    }
    return out;
}

Bytes sampleCrowd() {
    for (const archive::ZipInput& file : samples::grubSamples())
        if (file.name.ends_with(".crowdbin")) return file.data;
    return {};
}

bool hasRule(const StructureTree& tree, std::string_view rule, std::optional<Severity> severity) {
    for (const auto& d : tree.diagnostics())
        if (d.diagnostic.rule == rule && (!severity || d.diagnostic.severity == *severity)) return true;
    return false;
}

std::string messageOf(const StructureTree& tree, std::string_view rule) {
    for (const auto& d : tree.diagnostics())
        if (d.diagnostic.rule == rule) return d.diagnostic.message;
    return {};
}

std::optional<std::string> checkedRule(const StructureTree& tree, std::string_view docKey) {
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(id);
        if (n.doc && n.doc->key == docKey && n.parent != kNoNode &&
            tree.node(n.parent).name == "checked_rules")
            return n.display;
    }
    return std::nullopt;
}

QString describeDiagnostics(const StructureTree& tree) {
    QString text;
    for (const auto& d : tree.diagnostics())
        text += QString::fromStdString(d.diagnostic.rule + " (" +
                                       std::string(severityName(d.diagnostic.severity)) +
                                       "): " + d.diagnostic.message + "\n");
    return text;
}

ProcessResult runProcess(const QString& program, const QStringList& args, int timeoutMs) {
    QProcess p;
    p.start(program, args);
    ProcessResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

ProcessResult runCli(const QStringList& args) {
    return runProcess(QStringLiteral(ASSETSCOPE_CLI), args);
}

void writeFile(const std::filesystem::path& path, const Bytes& bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

} // namespace assetscope::test
