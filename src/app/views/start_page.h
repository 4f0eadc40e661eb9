#pragma once

#include <QWidget>

#include <memory>

namespace Ui {
class StartPage;
}

namespace assetscope::app {

// What an empty window shows instead of a blank area: the ways in (open a file, open the sample
// set, a recent file, a drop), and the formats the tool reads. Laid out in ui/start_page.ui.
class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);
    ~StartPage() override;

    void setRecentFiles(const QStringList& inputs);

signals:
    void openFileRequested();
    void openSampleSetRequested();
    void openInstallRequested();
    void openRecentRequested(const QString& input);

private:
    std::unique_ptr<Ui::StartPage> m_ui;
};

} // namespace assetscope::app
