#include "options.h"

#include <charconv>

namespace assetscope::cli {

CLI::Validator wholeNumber(std::int64_t min, std::int64_t max, std::string what) {
    return CLI::Validator(
        [min, max, what = std::move(what)](std::string& text) {
            std::int64_t value = 0;
            const char* end = text.data() + text.size();
            auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (ec != std::errc() || ptr != end || value < min || value > max)
                return "takes " + what + ", not '" + text + "'";
            text = std::to_string(value);
            return std::string();
        },
        // No description: the help names the value (N, I …) and says its range in words.
        std::string());
}

std::string optionNames(const CLI::Option& option, const std::string& separator) {
    std::string names;
    for (const std::string& s : option.get_snames())
        names += (names.empty() ? "-" : separator + "-") + s;
    for (const std::string& l : option.get_lnames())
        names += (names.empty() ? "--" : separator + "--") + l;
    return names;
}

CLI::Option* addInput(CLI::App& sub, std::string& input, std::string description) {
    if (description.empty())
        description = "a file, or a path into an archive (media/Cars.zip::cars/body.modelbin)";
    return sub.add_option("INPUT", input, std::move(description))->required();
}

void addWalkOptions(CLI::App& sub, int& jobs, bool& progress, bool& quiet, std::vector<std::string>& paths) {
    sub.add_option("--jobs", jobs, "reads N files at a time, 1 to 256 (default 1)")
        ->type_name("N")
        ->transform(wholeNumber(1, 256, "a number from 1 to 256"));
    auto* always = sub.add_flag("--progress", progress,
                                "shows the progress line on stderr even when it is not a terminal");
    auto* never = sub.add_flag("--quiet", quiet, "shows no progress line");
    always->excludes(never);
    sub.add_option("PATH", paths, "a file, a folder or an archive, read recursively")->required();
}

} // namespace assetscope::cli
